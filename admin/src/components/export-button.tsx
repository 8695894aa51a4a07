import { useState, type ReactNode } from 'react';
import { useToast } from '@drone-exam/shared/ui/toast';
import { Button } from '@drone-exam/shared/ui/ui';
import { downloadFile } from '../lib/api';

/** Downloads one of the API's CSV exports; a failure is a toast with the server's reason. */
export function ExportButton({
  path,
  filename,
  query,
  children,
  variant = 'secondary',
  className = '',
}: {
  path: string;
  filename: string;
  query?: Record<string, string | number | undefined>;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
  className?: string;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      className={className}
      loading={busy}
      loadingText="Preparing…"
      onClick={async () => {
        setBusy(true);
        try {
          await downloadFile(path, { query, filename });
          toast.success(`Downloaded ${filename}`);
        } catch (error) {
          toast.error(error instanceof Error ? error.message : 'The export failed');
        } finally {
          setBusy(false);
        }
      }}
    >
      {children}
    </Button>
  );
}
