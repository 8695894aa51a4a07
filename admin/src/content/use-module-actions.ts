import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AdminModuleSummary } from '@drone-exam/shared/schemas/content';
import { useToast } from '@drone-exam/shared/ui/toast';
import { api, downloadFile, unwrap } from '../lib/api';
import { contentKeys, useRefreshContent } from './queries';

export type ImportOutcome =
  { tone: 'success'; message: string } | { tone: 'error'; message: string; details: string[] };

/** The module JSON file as sent to the API; anything but an array is refused before sending. */
async function importModules(file: File): Promise<ImportOutcome> {
  let modules: unknown;
  try {
    modules = JSON.parse(await file.text());
  } catch {
    return { tone: 'error', message: 'Invalid JSON format', details: [] };
  }
  if (!Array.isArray(modules)) {
    return {
      tone: 'error',
      message: 'JSON file must contain an array of study modules',
      details: [],
    };
  }
  const result = await api('/admin/modules/import', { method: 'POST', body: { modules } });
  if (!result.success) {
    const details = Object.entries(result.fields ?? {}).map(
      ([row, message]) => `Module ${row}: ${message}`,
    );
    return { tone: 'error', message: `Import failed: ${result.error}`, details };
  }
  return {
    tone: 'success',
    message: `Imported study modules: ${result.data.created} created, ${result.data.updated} updated.`,
  };
}

/** Deleting a module: a toast and the lists refreshed; what follows is the caller's. */
export function useDeleteModule(then: {
  onDeleted: () => void;
  onFailed: (message: string) => void;
}) {
  const toast = useToast();
  const refresh = useRefreshContent();
  return useMutation({
    mutationFn: (module: { id: string; title: string }) =>
      unwrap(api(`/study/${module.id}`, { method: 'DELETE' })),
    onSuccess: (_, module) => {
      toast.success(`"${module.title}" was deleted`);
      void refresh(contentKeys.module(module.id));
      then.onDeleted();
    },
    onError: (error) => then.onFailed(error.message),
  });
}

/** What the module list does to modules: publish or unpublish, delete, export and import. */
export function useModuleActions() {
  const toast = useToast();
  const refresh = useRefreshContent();
  const [deleting, setDeleting] = useState<AdminModuleSummary | null>(null);
  const [importOutcome, setImportOutcome] = useState<ImportOutcome | null>(null);

  const publish = useMutation({
    mutationFn: (module: AdminModuleSummary) =>
      unwrap(
        api(`/study-modules/${module.id}/publish`, {
          method: 'POST',
          body: { publish: module.status !== 'published' },
        }),
      ),
    onSuccess: ({ module }) => {
      toast.success(
        module.status === 'published'
          ? `"${module.title}" is published`
          : `"${module.title}" is back in draft`,
      );
      void refresh();
    },
    onError: (error) => toast.error(error.message),
  });

  const remove = useDeleteModule({
    onDeleted: () => setDeleting(null),
    onFailed: (message) => {
      toast.error(message);
      setDeleting(null);
    },
  });

  const exportModules = useMutation({
    mutationFn: () => downloadFile('/admin/modules/export', { type: 'application/json' }),
    onError: (error) => toast.error(`Export failed: ${error.message}`),
  });

  const importFile = useMutation({
    mutationFn: importModules,
    onMutate: () => setImportOutcome(null),
    onSuccess: (outcome) => {
      setImportOutcome(outcome);
      if (outcome.tone === 'success') void refresh();
    },
    onError: (error) =>
      setImportOutcome({
        tone: 'error',
        message: `Import failed: ${error.message || 'Unknown error'}`,
        details: [],
      }),
  });

  return {
    publish,
    remove,
    exportModules,
    importFile,
    deleting,
    setDeleting,
    importOutcome,
  };
}
