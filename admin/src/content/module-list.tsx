import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { readingTimeLabel } from '@drone-exam/shared/text';
import { Alert, Badge, Button, EmptyState, LinkButton } from '@drone-exam/shared/ui/ui';
import {
  ConfirmDialog,
  ErrorPanel,
  LoadingRows,
  Pager,
  Panel,
  TableFrame,
  td,
  th,
} from '../components/admin-ui';
import { formatDate } from '../lib/format';
import { useDebounced } from '../lib/use-debounced';
import { useContentBase } from './hooks';
import { ExamFilter, useExamFilter } from '../components/exam-filter';
import { useModules } from './queries';
import { useModuleActions } from './use-module-actions';
import { FrenchMark } from './french';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '../lib/constants';
import { MODULE_STATUSES } from '@drone-exam/shared/schemas/study-values';
import { PAGE_SIZE_MODULES } from '@drone-exam/shared/schemas/content-values';

const STATUS_LABELS = { draft: 'Draft', review: 'In review', published: 'Published' } as const;
const STATUS_TONES = { draft: 'slate', review: 'amber', published: 'green' } as const;

export function ModuleList() {
  const base = useContentBase();
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState('');
  const [exam, setExam] = useExamFilter();
  const search = useDebounced(searchText.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const modules = useModules({ page, search, status, exam });
  const { publish, remove, exportModules, importFile, deleting, setDeleting, importOutcome } =
    useModuleActions();
  const fileInput = useRef<HTMLInputElement>(null);

  const data = modules.data;
  return (
    <>
      <Panel
        title="Study Modules"
        actions={
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              loading={exportModules.isPending}
              loadingText="Exporting..."
              onClick={() => exportModules.mutate()}
            >
              Export JSON
            </Button>
            <Button
              variant="secondary"
              loading={importFile.isPending}
              loadingText="Importing..."
              onClick={() => fileInput.current?.click()}
            >
              Import JSON
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".json,application/json"
              className="sr-only"
              aria-label="Module file to import"
              tabIndex={-1}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) importFile.mutate(file);
              }}
            />
            <LinkButton to={`${base}/modules/new`}>New Module</LinkButton>
          </div>
        }
      >
        <div className="space-y-4">
          {importOutcome && (
            <Alert tone={importOutcome.tone} title={importOutcome.message}>
              {importOutcome.tone === 'error' && importOutcome.details.length > 0 && (
                <ul className="list-disc pl-5">
                  {importOutcome.details.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </Alert>
          )}

          <div className="flex flex-col gap-3 sm:flex-row">
            <div className="flex-1">
              <label htmlFor="module-search" className="sr-only">
                Search modules
              </label>
              <input
                id="module-search"
                type="search"
                value={searchText}
                onChange={(event) => {
                  setSearchText(event.target.value);
                  setPage(1);
                }}
                placeholder="Search modules"
                className="block w-full rounded-lg border border-slate-300 px-3 py-2 shadow-sm focus:outline-2 focus:outline-sky-600"
              />
            </div>
            <div>
              <label htmlFor="module-status" className="sr-only">
                Status
              </label>
              <select
                id="module-status"
                value={status}
                onChange={(event) => {
                  setStatus(event.target.value);
                  setPage(1);
                }}
                className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 shadow-sm focus:outline-2 focus:outline-sky-600"
              >
                <option value="">All statuses</option>
                {MODULE_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {STATUS_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
            <ExamFilter
              id="module-exam"
              hiddenLabel
              value={exam}
              onChange={(value) => {
                setExam(value);
                setPage(1);
              }}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 shadow-sm focus:outline-2 focus:outline-sky-600"
            />
          </div>

          {modules.isPending ? (
            <LoadingRows rows={4} label="Loading modules" />
          ) : modules.isError ? (
            <ErrorPanel
              title={`Failed to load study modules: ${modules.error.message}`}
              onRetry={() => void modules.refetch()}
              retryLabel="Try Again"
            />
          ) : data!.modules.length === 0 ? (
            <EmptyState
              title={search || status || exam ? 'No modules match' : 'No study modules yet'}
            >
              {search || status || exam
                ? 'Try other words, another status or another exam.'
                : 'Create the first module, or import a JSON file.'}
            </EmptyState>
          ) : (
            <div>
              <TableFrame
                caption={`Study modules, ${data!.pagination.totalItems} in all, latest update first`}
              >
                <thead>
                  <tr>
                    {['Module', 'Status', 'Order', 'Length', 'Updated'].map((heading) => (
                      <th key={heading} scope="col" className={th}>
                        {heading}
                      </th>
                    ))}
                    <th scope="col" className={th}>
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data!.modules.map((module) => (
                    <tr key={module.id}>
                      <td className={td}>
                        <Link
                          to={`${base}/modules/${module.id}`}
                          className="font-medium text-sky-800 hover:underline"
                        >
                          {module.title}
                        </Link>
                        <p className="text-xs text-slate-500">/study/{module.slug}</p>
                      </td>
                      <td className={td}>
                        <Badge tone={STATUS_TONES[module.status]}>
                          {STATUS_LABELS[module.status]}
                        </Badge>
                        <FrenchMark status={module.frenchStatus} />
                      </td>
                      <td className={td}>{module.order}</td>
                      <td className={td}>
                        {module.wordCount.toLocaleString('en-CA')} words ·{' '}
                        {readingTimeLabel(module.estimatedReadTime)}
                      </td>
                      <td className={td}>{formatDate(module.updatedAt)}</td>
                      <td className={td}>
                        <div className="flex justify-end gap-2">
                          <Button
                            variant="secondary"
                            className="px-3 py-1.5"
                            loading={publish.isPending && publish.variables?.id === module.id}
                            onClick={() => publish.mutate(module)}
                            aria-label={`${module.status === 'published' ? 'Unpublish' : 'Publish'} ${module.title}`}
                          >
                            {module.status === 'published' ? 'Unpublish' : 'Publish'}
                          </Button>
                          <Button
                            variant="ghost"
                            className="px-3 py-1.5 text-red-700"
                            onClick={() => setDeleting(module)}
                            aria-label={`Delete ${module.title}`}
                          >
                            Delete
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </TableFrame>
              <Pager
                label="Module pages"
                page={data!.pagination.currentPage}
                totalPages={data!.pagination.totalPages}
                hasNextPage={data!.pagination.hasNextPage}
                onPage={setPage}
              />
              <p className="mt-2 text-xs text-slate-500">
                {data!.pagination.totalItems} modules, {PAGE_SIZE_MODULES} per page
              </p>
            </div>
          )}
        </div>
      </Panel>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this module?"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        “{deleting?.title}” will be deleted. This action cannot be undone.
      </ConfirmDialog>
    </>
  );
}
