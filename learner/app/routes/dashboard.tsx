import type { Route } from './+types/dashboard';
import { requireUser } from '../lib/session.server';
import { pageMeta } from '../lib/meta';
import { useLocalHour } from '../lib/use-local-hour';
import { Container, LinkButton, PageHeader } from '@drone-exam/shared/ui/ui';
import { greeting } from '@drone-exam/shared/text';

export const meta: Route.MetaFunction = () => pageMeta('Dashboard');

export async function loader({ request, context }: Route.LoaderArgs) {
  return { user: requireUser(context, request) };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const hour = useLocalHour();
  return (
    <Container>
      <PageHeader
        title={hour === null ? `Welcome back, ${user.firstName}` : greeting(hour, user.firstName)}
        intro="Pick up where you left off."
      />
      <div className="flex flex-wrap gap-3">
        <LinkButton to="/study">Continue studying</LinkButton>
        <LinkButton to="/practice" variant="secondary">
          Practice quiz
        </LinkButton>
      </div>
    </Container>
  );
}
