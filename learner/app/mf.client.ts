import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactRouter from 'react-router';
import { createInstance } from '@module-federation/runtime';
import type { ComponentType } from 'react';

/** Props the admin remote's App accepts (admin/src/App.tsx). */
export type AdminAppProps = { basename: string };

// The host hands its own React and React Router to the remote as singletons, so hooks, context and
// navigation inside the admin console are the learner's (and no second React is ever downloaded).
const share = (version: string, lib: unknown) => ({
  version,
  lib: () => lib,
  shareConfig: { singleton: true, requiredVersion: false as const },
});

let instance: ReturnType<typeof createInstance> | null = null;

function federation(entry: string) {
  instance ??= createInstance({
    name: 'drone_exam_learner',
    remotes: [{ name: 'drone_exam_admin', entry, type: 'module' }],
    shared: {
      react: share(React.version, React),
      'react-dom': share(React.version, ReactDOM),
      'react-dom/client': share(React.version, ReactDOMClient),
      'react/jsx-runtime': share(React.version, JsxRuntime),
      'react-router': share('8.4.0', ReactRouter),
    },
  });
  return instance;
}

/** The root layout publishes the configured remote entry (ADMIN_REMOTE_URL) in a meta tag. */
function remoteEntry(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="admin-remote-entry"]');
  return meta?.content || '/admin-remote/remoteEntry.js';
}

export async function loadAdminApp(): Promise<{ default: ComponentType<AdminAppProps> }> {
  const remote = await federation(remoteEntry()).loadRemote<{
    default: ComponentType<AdminAppProps>;
  }>('drone_exam_admin/App');
  if (!remote) throw new Error('The admin console did not load');
  return { default: remote.default };
}
