import { NavLink, Outlet } from 'react-router';
import { formatCount } from '../lib/format';
import { useAdminStats } from '../lib/stats';
import { useContentBase } from './hooks';

/**
 * The Question Bank's views: the questions themselves, learners' reports (with the open count,
 * a counter kept on write) and item analysis.
 */
export function QuestionBankLayout() {
  const base = useContentBase();
  const stats = useAdminStats();
  const open = stats.data?.openReports;
  const views = [
    { to: `${base}/questions`, label: 'Questions', end: true },
    {
      to: `${base}/questions/reports`,
      label: open ? `Reports (${formatCount(open)} open)` : 'Reports',
    },
    { to: `${base}/questions/analysis`, label: 'Item analysis' },
  ];
  return (
    <div>
      <nav aria-label="Question bank views" className="mb-4 border-b border-slate-200">
        <ul className="flex flex-wrap gap-1">
          {views.map((view) => (
            <li key={view.to}>
              <NavLink
                to={view.to}
                end={view.end}
                className={({ isActive }) =>
                  `inline-block border-b-2 px-3 py-2 text-sm font-medium ${isActive ? 'border-sky-700 text-sky-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`
                }
              >
                {view.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
