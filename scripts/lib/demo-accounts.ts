/** The demo accounts a local database is seeded with (shown in the README; used by the e2e tests). */
export const DEMO_ACCOUNTS = {
  admin: {
    email: process.env.SEED_ADMIN_EMAIL ?? 'admin@dronecertprep.ca',
    password: process.env.SEED_ADMIN_PASSWORD ?? 'AdminPass123!',
    firstName: 'Avery',
    lastName: 'Admin',
    role: 'admin',
  },
  premium: {
    email: 'premium@dronecertprep.ca',
    password: 'PremiumPass123!',
    firstName: 'Priya',
    lastName: 'Premium',
    role: 'premium',
  },
  learner: {
    email: 'learner@dronecertprep.ca',
    password: 'LearnerPass123!',
    firstName: 'Lee',
    lastName: 'Learner',
    role: 'user',
  },
} as const;
