// Portal-side project operations on top of the operator's: list your own, create
// within a cap, rename (audited like every other change).
import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import type { Db } from "@/lib/db/client";
import { audit, type Actor } from "@/lib/operator/audit";
import { createProject } from "@/lib/operator/operations";

export const maxProjectsPerUser = 20;

export const projectNameSchema = z
  .string({ error: "Give the project a name." })
  .trim()
  .min(1, { error: "Give the project a name." })
  .max(80, { error: "Project names are at most 80 characters." });

export function listOwnProjects(db: Db, userId: string) {
  return db.project.findMany({ where: { ownerId: userId }, orderBy: { createdAt: "asc" }, select: { id: true, name: true, status: true } });
}

export async function createOwnProject(db: Db, user: { id: string; email: string }, name: string) {
  const count = await db.project.count({ where: { ownerId: user.id } });
  if (count >= maxProjectsPerUser) throw new ApiError("bad_request", `You can have at most ${maxProjectsPerUser} projects; archive or reuse one.`);
  return createProject(db, user.email, { ownerEmail: user.email, name });
}

export async function renameProject(db: Db, actor: Actor, input: { projectId: string; name: string }) {
  const before = await db.project.findUniqueOrThrow({ where: { id: input.projectId }, select: { name: true } });
  const project = await db.project.update({ where: { id: input.projectId }, data: { name: input.name } });
  await audit(db, { actor, action: "project.rename", targetType: "project", targetId: project.id, projectId: project.id, details: { from: before.name, to: project.name } });
  return project;
}

export const projectStatusLabels = { active: "Active", suspended: "Suspended", archived: "Archived" } as const;
