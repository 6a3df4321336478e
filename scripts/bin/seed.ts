// `npm run db:seed`: writes the demo data (prisma/seed.ts) into the database.
import { DEMO_SIGN_IN_HINT, seed } from "../../prisma/seed.ts";

await seed();
console.log(DEMO_SIGN_IN_HINT);
