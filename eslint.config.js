import { readdirSync } from "node:fs";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Module boundaries (docs/architecture.md, docs/decisions/035). A module under app/modules reaches another only through
// that module's face: its browser-safe files (`<name>.ts`, `.schema.ts`, `.jobs.ts`, its e-mail templates) and its
// services (`<name>.service.server.ts`); never its repositories, form actions, other server-only parts or test fixtures.
// A module's own files are reached by relative paths that stay inside it. The exceptions, with the reason for each:
const moduleBoundaryExceptions = [
  {
    file: "~/modules/catalog/catalog-rows.server",
    from: ["cart", "admin"],
    why:
      "one row mapper per catalogue type (docs/decisions/025): the cart, the wishlist and the back office read " +
      "catalogue rows in their own queries and turn them into devices and flavours the storefront's way",
  },
];
const modules = readdirSync(new URL("./app/modules", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The rule for one module's files at one folder depth (1: the module's own folder, 2: an area folder, …). */
function moduleBoundaries(name, depth) {
  const allowed = moduleBoundaryExceptions
    .filter((exception) => exception.from.includes(name))
    .map((exception) => `(?!${escape(exception.file)}$)`)
    .join("");
  return {
    files: [`app/modules/${name}/${"*/".repeat(depth - 1)}*.{ts,tsx}`],
    ignores: ["**/*.test.{ts,tsx}", "**/testing/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^${allowed}(?!~/modules/[^/]+/(?:[^/]+/)*[^/]+\\.service\\.server$)~/modules/(?!${escape(name)}/)[^/]+/(?:[^/]+/)*(?:testing/.*|[^/]+\\.server)$`,
              message:
                "Another module's repository, action or other server-only part: use its face (its services or " +
                "browser-safe files), or add a reasoned exception to moduleBoundaryExceptions (eslint.config.js).",
            },
            {
              regex: `^${"\\.\\./".repeat(depth)}`,
              message: "A relative import out of the module: reach another module by ~/modules/<name>/… (its face).",
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "data/",
      ".runtimes/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Accessibility in the markup itself: labels, alt texts, roles, keyboard handlers (axe checks the pages as built).
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  // A label wrapping its control and text a few elements deep (the address cards) is labelled.
  { files: ["app/**/*.tsx"], rules: { "jsx-a11y/label-has-associated-control": ["error", { depth: 5 }] } },
  {
    // Type-aware rules: a promise nobody awaits loses its errors, and a switch over a union must cover every member.
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // A broken body must answer 400, not 500: forms are read through readForm (app/lib/form-data.server.ts).
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='formData'][arguments.length=0]",
          message: "Read forms with readForm(request) from ~/lib/form-data.server.",
        },
      ],
    },
  },
  {
    // Layers: lib (helpers) and db (the data layer) sit below the modules, which sit below routes and components;
    // the composition root (app/context.server.ts) wires them together. Nothing below may reach up.
    files: ["app/lib/**", "app/db/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "~/modules/*",
                "~/routes/*",
                "~/components/*",
                "~/context",
                "~/context.server",
                "~/demo/*",
                "**/modules/**",
                "**/routes/**",
                "**/components/**",
              ],
              message:
                "app/lib and app/db sit below the modules: pass what they need in from the caller (docs/decisions/023).",
            },
          ],
        },
      ],
    },
  },
  ...modules.flatMap((name) => [1, 2, 3].map((depth) => moduleBoundaries(name, depth))),
  {
    // Above the modules (routes, components, the server): services, actions and rules, never a repository.
    files: ["app/routes/**", "app/components/**", "app/root.tsx", "server/**"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "\\.repository\\.server$",
              message:
                "Routes, components and the server reach data through a module's services (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/db/migrations/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { console: "readonly", process: "readonly", URL: "readonly" } },
  },
);
