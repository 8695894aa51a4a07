import { NavLink, Route, Routes } from 'react-router';
import { AdminNotFound } from '../components/not-found';
import { useContentBase } from '../content/hooks';
import { ContentOverview } from '../content/overview';
import { ModuleList } from '../content/module-list';
import { ModuleForm } from '../content/module-form';
import { QuestionList } from '../content/question-list';
import { QuestionEditor } from '../content/question-editor';
import { QuestionBankLayout } from '../content/question-bank';
import { ReportsView } from '../quality/reports-view';
import { ItemAnalysisView } from '../quality/item-analysis-view';

const TABS = [
  { to: '', label: 'Overview', end: true },
  { to: '/modules', label: 'Study Modules' },
  { to: '/questions', label: 'Question Bank' },
];

/** /admin/content/*: the overview, study modules and the question bank (premium-quiz-admin-spec §2). */
export function ContentPage() {
  const base = useContentBase();
  return (
    <section aria-labelledby="admin-page-title">
      <h2 id="admin-page-title" className="text-xl font-semibold text-slate-900">
        Content
      </h2>
      <nav aria-label="Content sections" className="mt-3 mb-6">
        <ul className="flex flex-wrap gap-2">
          {TABS.map((tab) => (
            <li key={tab.label}>
              <NavLink
                to={`${base}${tab.to}`}
                end={tab.end}
                className={({ isActive }) =>
                  `inline-block rounded-full px-4 py-1.5 text-sm font-medium ${isActive ? 'bg-sky-700 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'}`
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<ContentOverview />} />
        <Route path="modules" element={<ModuleList />} />
        <Route path="modules/new" element={<ModuleForm />} />
        <Route path="modules/:id" element={<ModuleForm />} />
        <Route element={<QuestionBankLayout />}>
          <Route path="questions" element={<QuestionList />} />
          <Route path="questions/reports" element={<ReportsView />} />
          <Route path="questions/analysis" element={<ItemAnalysisView />} />
        </Route>
        <Route path="questions/new" element={<QuestionEditor />} />
        <Route path="questions/:id" element={<QuestionEditor />} />
        <Route path="*" element={<AdminNotFound area="content" />} />
      </Routes>
    </section>
  );
}
