import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
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
  const { t } = useTranslation('info');
  return (
    <Container className="max-w-3xl">
      <PageHeader title={title} intro={t('lastUpdated', { date: updated })} />
      <div className="prose-module">{children}</div>
    </Container>
  );
}
