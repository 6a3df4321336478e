// zod compiles an object schema's parser with `new Function` where it may, deciding when the schema is
// defined. Under the client's Content Security Policy (no 'unsafe-eval') even its probe for that is a
// reported violation, so schemas parse without compiling. main.tsx imports this first, before any schema.
// zod keeps its settings in this global (zod/v4/core `config()` writes the same object): setting it here
// keeps zod itself out of the public pages' first load.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
