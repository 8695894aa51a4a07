/**
 * Business constants, one place for each (learner-spec §9, premium-quiz-admin-spec §9, and the
 * decisions of ARCHITECTURE.md where they override the specs).
 */

export const PRODUCT_NAME = 'DroneCert Prep';
export const REGULATOR_DISCLAIMER =
  'DroneCert Prep is an independent study aid. It is not affiliated with, endorsed by or acting for Transport Canada or NAV CANADA. Always confirm rules against the Canadian Aviation Regulations.';
export const SESSION_COOKIE = 'session';
