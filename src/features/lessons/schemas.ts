// The lesson schemas live in src/lib/schemas/lessons.ts: the route and the staff console's page share them.
export * from '#lib/schemas/lessons.ts';
