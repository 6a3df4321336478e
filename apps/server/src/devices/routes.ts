import type { RouteRegistrar } from "../core/http.ts";
import { pageQuery } from "../core/pagination.ts";
import type { Services } from "../services.ts";
import { deviceAnswer, deviceInput, devicePage } from "./schemas.ts";

export function deviceRoutes(r: RouteRegistrar, { devices }: Services): void {
  const kinds = [
    {
      url: "/v1/computers",
      tag: "computers",
      noun: "computer",
      list: devices.listComputers,
      create: devices.createComputer,
    },
    { url: "/v1/routers", tag: "routers", noun: "router", list: devices.listRouters, create: devices.createRouter },
  ];
  for (const { url, tag, noun, list, create } of kinds) {
    r.route({
      method: "GET",
      url,
      auth: "user",
      summary: `Every ${noun} (system admins)`,
      tags: [tag],
      query: pageQuery,
      response: devicePage,
      handler: ({ query }, ctx) => list(query, ctx),
    });
    r.route({
      method: "POST",
      url,
      auth: "user",
      summary: `Register a ${noun}; its serial must be unique`,
      tags: [tag],
      body: deviceInput,
      status: 201,
      response: deviceAnswer,
      handler: ({ body }, ctx) => create(body, ctx),
    });
  }
}
