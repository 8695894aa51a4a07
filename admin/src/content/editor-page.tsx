import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton } from '@drone-exam/shared/ui/ui';
import { ErrorPanel } from '../components/admin-ui';

/**
 * A content editor's page: its way back, its heading, and its editor, empty for a new item or
 * once the stored one has loaded (a skeleton until then, the failure with a retry if it fails).
 */
export function EditorPage<T>({
  back,
  title,
  what,
  query,
  skeleton,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  /** The item in words, for the loading and failure texts ("study module", "question"). */
  what: string;
  /** The stored item's query; none for a new item. */
  query: UseQueryResult<T> | null;
  /** The skeleton's block heights, as Tailwind classes. */
  skeleton: string[];
  children: (item?: T) => ReactNode;
}) {
  return (
    <div>
      <Link to={back.to} className="text-sm font-medium text-sky-800 hover:underline">
        ← {back.label}
      </Link>
      <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
      <div className="mt-4">
        {!query ? (
          children()
        ) : query.isPending ? (
          <div aria-busy="true" className="space-y-3">
            <span className="sr-only">Loading {what}</span>
            {skeleton.map((height, i) => (
              <Skeleton key={i} className={height} />
            ))}
          </div>
        ) : query.isError ? (
          <ErrorPanel
            title={`Failed to load ${what}: ${query.error.message}`}
            onRetry={() => void query.refetch()}
            retryLabel="Try Again"
          />
        ) : (
          children(query.data)
        )}
      </div>
    </div>
  );
}
