"use server";
// Project actions: create (any signed-in user) and rename (owner or staff).
import { z } from "zod";
import { projectAction, userAction } from "@/lib/portal/guards";
import { createOwnProject, projectNameSchema, renameProject as rename } from "@/lib/portal/projects";

export const createProject = userAction(z.object({ name: projectNameSchema }), async (ctx, input) => {
  const project = await createOwnProject(ctx.db, ctx.user, input.name);
  return { id: project.id };
});

export const renameProject = projectAction(z.object({ projectId: z.string(), name: projectNameSchema }), async (ctx, input) => {
  const project = await rename(ctx.db, ctx.actor, { projectId: ctx.project.id, name: input.name });
  return { id: project.id, name: project.name };
});
