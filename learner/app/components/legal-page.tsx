import type { ReactNode } from 'react';
import { Container, PageHeader } from '@drone-exam/shared/ui/ui';

export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <Container className="max-w-3xl">
      <PageHeader title={title} intro={`Last updated ${updated}`} />
      <div className="prose-module">{children}</div>
    </Container>
  );
}
