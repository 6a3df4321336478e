import { pageQuery } from "../core/pagination.ts";
import { idParams } from "../core/schemas.ts";
import { router, userProcedure } from "../trpc/trpc.ts";
import { cameraCreateInput, cameraListInput, cameraUpdateByIdInput, saveConfigurationInput } from "./schemas.ts";

export const configurationsRouter = router({
  list: userProcedure.input(pageQuery).query(({ ctx, input }) => ctx.services.configurations.list(input, ctx.caller)),
  save: userProcedure
    .input(saveConfigurationInput)
    .mutation(({ ctx, input }) => ctx.services.configurations.save(input, ctx.caller)),
  delete: userProcedure
    .input(idParams)
    .mutation(({ ctx, input }) => ctx.services.configurations.remove(input.id, ctx.caller)),
  rotateStreamKey: userProcedure
    .input(idParams)
    .mutation(({ ctx, input }) => ctx.services.configurations.rotateStreamKey(input.id, ctx.caller)),
  ofClub: userProcedure
    .input(idParams)
    .query(({ ctx, input }) => ctx.services.configurations.listOfClub(input.id, ctx.caller)),
  cameras: router({
    list: userProcedure
      .input(cameraListInput)
      .query(({ ctx, input: { configuration, ...page } }) =>
        ctx.services.configurations.listCameras(configuration, page, ctx.caller),
      ),
    create: userProcedure
      .input(cameraCreateInput)
      .mutation(({ ctx, input: { configuration, ...camera } }) =>
        ctx.services.configurations.createCamera(configuration, camera, ctx.caller),
      ),
    get: userProcedure
      .input(idParams)
      .query(({ ctx, input }) => ctx.services.configurations.getCamera(input.id, ctx.caller)),
    update: userProcedure
      .input(cameraUpdateByIdInput)
      .mutation(({ ctx, input: { id, ...changes } }) =>
        ctx.services.configurations.updateCamera(id, changes, ctx.caller),
      ),
    delete: userProcedure
      .input(idParams)
      .mutation(({ ctx, input }) => ctx.services.configurations.removeCamera(input.id, ctx.caller)),
  }),
});
