import { createPrismaClient } from "@clubcast/db";
const prisma = createPrismaClient(process.env.DATABASE_URL!);
async function t(name: string, f: () => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await f();
  const s = performance.now(); const u = process.cpuUsage();
  for (let i = 0; i < 1000; i++) await f();
  const c = process.cpuUsage(u);
  console.log(name, ((performance.now() - s) / 1000).toFixed(3), "ms wall", ((c.user + c.system) / 1000 / 1000).toFixed(3), "ms cpu");
}
await t("executeRaw lock", () => prisma.$executeRaw`SELECT pg_advisory_xact_lock_shared(1, 2)`);
await t("queryRaw select", () => prisma.$queryRaw`SELECT id, starting_at FROM matches WHERE id = ${1}`);
await t("findUnique", () => prisma.match.findUnique({ where: { id: 1 }, select: { id: true, startingAt: true, stoppingAt: true } }));
await t("config findUnique", () => prisma.configuration.findUnique({ where: { id: 1 }, select: { serverUrl: true, saCameraId: true, cameraType: true } }));
await t("tx", () => prisma.$transaction(async (tx) => { await tx.$executeRaw`SELECT 1`; return tx.match.findUnique({ where: { id: 1 } }); }));
await prisma.$disconnect();
