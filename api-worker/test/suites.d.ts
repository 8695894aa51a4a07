// The suite files (`src/**/*.suite.ts`) gather their folder's tests with Vite's `import.meta.glob`.
/// <reference types="vite/types/importMeta.d.ts" />
