// The performance budget a page is held to (docs/architecture.md, 'Budgets'), declared by the page's layout on its
// <html> element, where the budget step reads it from the built page: no list of paths to keep in
// step with the pages, and a page without one fails the budget step.
//   content: a page read, not used: at most 15 KB of JavaScript on load, and Lighthouse's gate. An
//            island that waits for a person (the catalogue, contact, the tutor request:
//            docs/decisions/013) loads nothing until then, so those pages are content pages too.
//   app:     a page of the student's portal whose island is the point (a form, the dashboard): at most
//            120 KB, of which at most 30 KB of ours above React's runtime (scripts/checks/budget/scoring.ts).
//   console: a page of the staff console (a tool used at a desk all day, not a student's phone): at
//            most 120 KB.
export const BUDGET_CLASSES = ['content', 'app', 'console'] as const;
export type BudgetClass = (typeof BUDGET_CLASSES)[number];
export const BUDGET_ATTRIBUTE = 'data-budget';
