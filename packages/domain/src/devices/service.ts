// Computers and routers at clubs (spec section 7): system admins list and
// register them on the configuration pages; monitoring reports their heartbeats.
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { written, type Written } from "../core/answers.ts";
import { ValidationError } from "../core/errors.ts";
import { translate, type MessageKey } from "../core/i18n.ts";
import { paged, pageWindow, type Paged, type PageQuery } from "../core/pagination.ts";
import { authorize } from "../core/policy.ts";
import { uniqueField } from "../core/prisma-errors.ts";
import { deviceWithClub, presentDevice, type DeviceWithClub } from "./presenter.ts";
import type { DeviceInput, DeviceOutput } from "./schemas.ts";

export type DeviceKind = "computer" | "router";

/** What an empty list and a registration say, by kind. */
const messages: Record<DeviceKind, { empty: MessageKey; created: MessageKey }> = {
  computer: { empty: "not_found.computers", created: "devices.computer_created" },
  router: { empty: "not_found.routers", created: "devices.router_created" },
};

/** What the service needs of the computers and routers tables, which share one shape. */
interface DeviceTable {
  findMany(args: {
    include: typeof deviceWithClub;
    orderBy: { id: "asc" };
    skip: number;
    take: number;
  }): Promise<DeviceWithClub[]>;
  count(): Promise<number>;
  create(args: {
    data: { name: string; clubId: number | null; address: string | null; serial: string };
    include: typeof deviceWithClub;
  }): Promise<DeviceWithClub>;
}

export function createDevicesService(deps: Deps) {
  const { prisma } = deps;
  const tables: Record<DeviceKind, DeviceTable> = { computer: prisma.computer, router: prisma.router };

  async function list(kind: DeviceKind, query: PageQuery, ctx: RequestContext): Promise<Paged<DeviceOutput>> {
    authorize(ctx, "configuration");
    const table = tables[kind];
    const [rows, total] = await Promise.all([
      table.findMany({ include: deviceWithClub, orderBy: { id: "asc" }, ...pageWindow(query) }),
      table.count(),
    ]);
    return paged(rows.map(presentDevice), total, query, translate(ctx.locale, messages[kind].empty));
  }

  async function create(kind: DeviceKind, input: DeviceInput, ctx: RequestContext): Promise<Written<DeviceOutput>> {
    authorize(ctx, "configuration");
    const clubId = input.club ?? null;
    if (clubId !== null && !(await prisma.club.findUnique({ where: { id: clubId }, select: { id: true } }))) {
      throw ValidationError.field("club", "validation.invalid_value");
    }
    const device = await uniqueField("serial", "validation.taken", () =>
      tables[kind].create({
        data: { name: input.name, clubId, address: input.address ?? null, serial: input.serial },
        include: deviceWithClub,
      }),
    );
    return written(presentDevice(device), translate(ctx.locale, messages[kind].created));
  }

  return {
    listComputers: (query: PageQuery, ctx: RequestContext) => list("computer", query, ctx),
    createComputer: (input: DeviceInput, ctx: RequestContext) => create("computer", input, ctx),
    listRouters: (query: PageQuery, ctx: RequestContext) => list("router", query, ctx),
    createRouter: (input: DeviceInput, ctx: RequestContext) => create("router", input, ctx),
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
