import { useParams } from 'react-router';
import type { AdminQuestion } from '@drone-exam/shared/schemas/content';
import { EditorPage } from './editor-page';
import { QuestionFrenchEditor } from './french';
import { useContentBase } from './hooks';
import { useQuestion } from './queries';
import { QuestionForm } from './question-form';

/** /admin/content/questions/new and /admin/content/questions/:id. */
export function QuestionEditor() {
  const { id } = useParams();
  const base = useContentBase();
  const question = useQuestion(id);
  return (
    <EditorPage<AdminQuestion>
      back={{ to: `${base}/questions`, label: 'Back to Questions' }}
      title={id ? 'Edit Question' : 'New Question'}
      what="question"
      query={id ? question : null}
      skeleton={['h-24', 'h-40']}
    >
      {(stored) =>
        stored ? (
          <>
            <QuestionForm key={stored.id} question={stored} />
            <QuestionFrenchEditor key={`${stored.id}-fr`} question={stored} />
          </>
        ) : (
          <QuestionForm />
        )
      }
    </EditorPage>
  );
}
