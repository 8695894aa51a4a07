import { useParams } from 'react-router';
import type { AdminModule } from '@drone-exam/shared/schemas/content';
import { EditorPage } from './editor-page';
import { ModuleFrenchEditor } from './module-french';
import { useContentBase } from './hooks';
import { ModuleEditor } from './module-editor';
import { useModule } from './queries';

/** /admin/content/modules/new and /admin/content/modules/:id. */
export function ModuleForm() {
  const { id } = useParams();
  const base = useContentBase();
  const module = useModule(id);
  return (
    <EditorPage<AdminModule>
      back={{ to: `${base}/modules`, label: 'Back to Modules' }}
      title={id ? 'Edit Module' : 'New Module'}
      what="study module"
      query={id ? module : null}
      skeleton={['h-10', 'h-10', 'h-64']}
    >
      {(stored) =>
        stored ? (
          <>
            <ModuleEditor key={stored.id} module={stored} />
            <ModuleFrenchEditor key={`${stored.id}-fr`} module={stored} />
          </>
        ) : (
          <ModuleEditor />
        )
      }
    </EditorPage>
  );
}
