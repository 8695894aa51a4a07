import { Link } from 'react-router';
import type { Route } from './+types/privacy';
import { staticPage } from '../root';
import { pageMeta } from '../lib/meta';
import { LegalPage } from '../components/legal-page';

export const handle = staticPage;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Privacy policy',
    'What DroneCert Prep collects about you, why, and how long it keeps it.',
  );

export default function Privacy() {
  return (
    <LegalPage title="Privacy policy" updated="22 November 2026">
      <h2>What we keep</h2>
      <ul>
        <li>
          Your account: name, email address, a salted hash of your password (never the password
          itself), and whether your email is verified.
        </li>
        <li>
          Your study: reading progress and time per module, bookmarks, notes, and your quiz attempts
          with their answers.
        </li>
        <li>
          Purchases: the date, amount and period of each premium purchase and the Stripe references
          needed for receipts and refunds. Card details go to Stripe and never reach us.
        </li>
        <li>Messages you send through the contact form, and the emails we send you.</li>
        <li>
          Product events such as sign-ups, sign-ins and completed quizzes, to understand how the
          product is used and improve the content.
        </li>
      </ul>
      <h2>Cookies</h2>
      <p>
        We set one cookie to keep you signed in (for 1 day, or 30 days if you tick “Remember me”)
        and one that lets our database serve you your own latest changes. We use no advertising or
        tracking cookies.
      </p>
      <h2>Who processes data for us</h2>
      <ul>
        <li>
          Cloudflare hosts the service and its database, and runs the Turnstile check that keeps
          bots out of our forms.
        </li>
        <li>Stripe processes payments.</li>
        <li>MailChannels delivers our emails.</li>
      </ul>
      <h2>Your choices</h2>
      <p>
        You can change your name and password on your account page. To get a copy of your data or to
        delete your account, write to us through the <Link to="/contact">contact form</Link>; we
        answer within 30 days.
      </p>
    </LegalPage>
  );
}
