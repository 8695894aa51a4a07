import { Link } from 'react-router';
import type { Route } from './+types/terms';
import { staticPage } from '../root';
import { pageMeta } from '../lib/meta';
import { LegalPage } from '../components/legal-page';
import { PREMIUM_OFFER, PRODUCT_NAME } from '@drone-exam/shared/constants';
import { formatCad } from '@drone-exam/shared/text';

export const handle = staticPage;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Terms of use',
    'The terms of use of DroneCert Prep, an independent study aid for the RPA Pilot Certificate (Basic Operations) exam.',
  );

export default function Terms() {
  return (
    <LegalPage title="Terms of use" updated="22 November 2026">
      <h2>What {PRODUCT_NAME} is</h2>
      <p>
        {PRODUCT_NAME} is an independent study aid for the Transport Canada RPA Pilot Certificate —
        Basic Operations exam. It is not affiliated with, endorsed by or acting for Transport Canada
        or NAV CANADA. Passing our practice quizzes does not guarantee a result in the official
        exam, and our material does not replace the Canadian Aviation Regulations: when you fly, the
        regulations in force are what count.
      </p>
      <h2>Your account</h2>
      <p>
        You need an account to track progress, keep bookmarks and notes, and take practice quizzes.
        Keep your password to yourself and tell us through the{' '}
        <Link to="/contact">contact form</Link> if you think someone else has used your account. We
        may suspend an account that is used to disrupt the service or to copy its content in bulk.
      </p>
      <h2>Premium access</h2>
      <ul>
        <li>
          The {PREMIUM_OFFER.name} costs {formatCad(PREMIUM_OFFER.amountCents)} (Canadian dollars)
          and gives {PREMIUM_OFFER.durationDays} days of access to practice quizzes and timed exams
          from the moment of payment.
        </li>
        <li>
          It is a one-time purchase. It never renews by itself and we never charge you again without
          a new purchase.
        </li>
        <li>
          Buying again while your access is active adds {PREMIUM_OFFER.durationDays} days after your
          current end date.
        </li>
        <li>
          If you are not satisfied, ask for a refund through the contact form within 14 days of
          purchase. A refunded purchase ends the access it paid for.
        </li>
      </ul>
      <h2>Content</h2>
      <p>
        The study modules and questions are our work and are licensed to you for your personal
        study. Please do not republish them. We correct errors as soon as we learn of them: if you
        find one, tell us.
      </p>
      <h2>Changes</h2>
      <p>We may update these terms; the date above says when they last changed.</p>
    </LegalPage>
  );
}
