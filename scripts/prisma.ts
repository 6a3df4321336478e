// `npm run prisma -- <command>`: the Prisma CLI, offline (see run-prisma.ts).
import { runPrisma } from "./run-prisma.ts";

process.exit(runPrisma(process.argv.slice(2)));
