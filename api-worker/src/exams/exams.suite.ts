// One workerd runtime for the whole folder: its test files share the module graph and the
// migrated database (test/setup.ts resets it before every test).
import.meta.glob('./*.test.ts', { eager: true });
