import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { NavLink, Route, Routes } from 'react-router';
import { ToastProvider } from '@drone-exam/shared/ui/toast';
import { Alert, Container, Spinner } from '@drone-exam/shared/ui/ui';
import './admin.css';
import { createQueryClient } from './lib/api';
import { useCurrentUser } from './lib/session';
import { AdminBaseContext } from './lib/paths';
import { OverviewPage } from './pages/overview';
import { UsersPage } from './pages/users';
import { ContentPage } from './pages/content';
import { QuizPage } from './pages/quiz';
import { AnalyticsPage } from './pages/analytics';
import { EmailPage } from './pages/email';
import { ClassesPage } from './pages/classes';
import { AdminNotFound } from './components/not-found';

export const ACCESS_DENIED = "You don't have permission to access the admin panel.";

const TABS = [
  { to: '', label: 'Overview', end: true },
  { to: 'users', label: 'Users' },
  { to: 'classes', label: 'Classes' },
  { to: 'content', label: 'Content' },
  { to: 'quiz', label: 'Quiz Management' },
  { to: 'analytics', label: 'Analytics' },
  { to: 'email', label: 'Email Management' },
];

/** The guard fetches only the caller's own profile; admin data is requested after it passes. */
function AdminGuard({ children }: { children: React.ReactNode }) {
  const me = useCurrentUser();
  if (me.isPending) {
    return (
      <Container className="py-16 text-center">
        <Spinner label="Checking your access…" />
      </Container>
    );
  }
  if (me.data?.role !== 'admin') {
    return (
      <Container className="max-w-xl py-16">
        <Alert tone="error" title="Access Denied">
          {ACCESS_DENIED}
        </Alert>
      </Container>
    );
  }
  return <>{children}</>;
}

function AdminLayout({ basename, children }: { basename: string; children: React.ReactNode }) {
  return (
    <Container>
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900">Admin console</h1>
        <nav aria-label="Admin sections" className="mt-4 overflow-x-auto border-b border-slate-200">
          <ul className="flex min-w-max gap-1">
            {TABS.map((tab) => (
              <li key={tab.label}>
                <NavLink
                  to={tab.to ? `${basename}/${tab.to}` : basename}
                  end={tab.end}
                  className={({ isActive }) =>
                    `inline-block border-b-2 px-4 py-2 text-sm font-medium ${isActive ? 'border-sky-700 text-sky-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`
                  }
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {children}
    </Container>
  );
}

/** Mounted by the learner under its /admin/* route (or by standalone.tsx in development). */
export default function AdminApp({ basename = '/admin' }: { basename?: string }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AdminBaseContext.Provider value={basename}>
          <AdminGuard>
            <AdminLayout basename={basename}>
              <Routes>
                <Route index element={<OverviewPage />} />
                <Route path="users" element={<UsersPage />} />
                <Route path="classes" element={<ClassesPage />} />
                <Route path="content/*" element={<ContentPage />} />
                <Route path="quiz" element={<QuizPage />} />
                <Route path="analytics" element={<AnalyticsPage />} />
                <Route path="email" element={<EmailPage />} />
                <Route path="*" element={<AdminNotFound area="admin" />} />
              </Routes>
            </AdminLayout>
          </AdminGuard>
        </AdminBaseContext.Provider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
