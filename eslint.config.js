import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
  {
    files: ["app/db/migrations/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { console: "readonly", process: "readonly", URL: "readonly" } },
  },
);
