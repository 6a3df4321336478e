import { writeAnswer } from "../core/answers.ts";
import { domain } from "../core/operation.ts";
import { pageQuery } from "../core/pagination.ts";
import { deviceInput, deviceOutput, devicePage } from "./schemas.ts";
import { createDevicesService } from "./service.ts";

export default domain(createDevicesService, (op) => ({
  computers: op.query({
    auth: "user",
    summary: "Every computer (system admins)",
    rest: { method: "GET", path: "/v1/computers" },
    input: pageQuery,
    output: devicePage,
    run: (devices, page, caller) => devices.listComputers(page, caller),
  }),
  createComputer: op.mutation({
    auth: "user",
    summary: "Register a computer; its serial must be unique",
    rest: { method: "POST", path: "/v1/computers", status: 201 },
    input: deviceInput,
    output: writeAnswer(deviceOutput),
    run: (devices, input, caller) => devices.createComputer(input, caller),
  }),
  routers: op.query({
    auth: "user",
    summary: "Every router (system admins)",
    rest: { method: "GET", path: "/v1/routers" },
    input: pageQuery,
    output: devicePage,
    run: (devices, page, caller) => devices.listRouters(page, caller),
  }),
  createRouter: op.mutation({
    auth: "user",
    summary: "Register a router; its serial must be unique",
    rest: { method: "POST", path: "/v1/routers", status: 201 },
    input: deviceInput,
    output: writeAnswer(deviceOutput),
    run: (devices, input, caller) => devices.createRouter(input, caller),
  }),
}));
