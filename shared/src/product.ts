/** How the product names itself, in the learner's pages and in every email the API sends. */
export const PRODUCT_NAME = 'DroneCert Prep';
export const REGULATOR_DISCLAIMER =
  'DroneCert Prep is an independent study aid. It is not affiliated with, endorsed by or acting for Transport Canada or NAV CANADA. Always confirm rules against the Canadian Aviation Regulations.';
