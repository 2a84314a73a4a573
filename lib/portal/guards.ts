// One guard per kind of caller in the portal — signed-in user, project owner (or
// staff), key owner (or staff), staff — each with a typed context, for pages,
// server actions and route handlers alike. A resource that is not the caller's is
// reported as not found, so ids of other accounts reveal nothing.
import { notFound, redirect } from "next/navigation";
import type { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { ApiKey, Project } from "@/lib/db/generated/client";
import { isApiError } from "@/lib/errors/api-error";
import { portalActionPolicy } from "@/lib/rate-limit/policies";
import type { ActionResult } from "./action-result";
import { portalDeps } from "./deps";
import { PortalAccessError, PortalInputError, notFoundMessage, parseInput } from "./errors";
import { serverLog } from "@/lib/log";

export type PortalUser = { id: string; email: string; name: string | null; role: "user" | "staff" };
export type UserContext = { db: Db; user: PortalUser; isStaff: boolean; /** Who the audit log names. */ actor: string; now: Date };
export type ProjectContext = UserContext & { project: Project };
/** A signed-in owner acting on one of their own keys (not the API pipeline's KeyContext: that one is the calling key). */
export type OwnedKeyContext = ProjectContext & { key: ApiKey };



// --- steps -----------------------------------------------------------------

export async function currentUser(): Promise<UserContext | null> {
  const deps = portalDeps();
  const userId = await deps.sessionUserId();
  if (!userId) return null;
  const db = await deps.db();
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, name: true, role: true } });
  if (!user) return null;
  return { db, user, isStaff: user.role === "staff", actor: user.email, now: deps.now() };
}

async function signedIn(): Promise<UserContext> {
  const ctx = await currentUser();
  if (!ctx) throw new PortalAccessError("unauthenticated", "Sign in to continue.");
  return ctx;
}

export async function authorizeProject(ctx: UserContext, projectId: unknown): Promise<ProjectContext> {
  const project = typeof projectId === "string" && projectId ? await ctx.db.project.findUnique({ where: { id: projectId } }) : null;
  if (!project || (project.ownerId !== ctx.user.id && !ctx.isStaff)) throw new PortalAccessError("not_found", notFoundMessage);
  return { ...ctx, project };
}

export async function authorizeKey(ctx: UserContext, keyId: unknown): Promise<OwnedKeyContext> {
  const key = typeof keyId === "string" && keyId ? await ctx.db.apiKey.findUnique({ where: { id: keyId }, include: { project: true } }) : null;
  if (!key || (key.project.ownerId !== ctx.user.id && !ctx.isStaff)) throw new PortalAccessError("not_found", notFoundMessage);
  const { project, ...bare } = key;
  return { ...ctx, project, key: bare };
}

export function assertStaff(ctx: UserContext): UserContext {
  if (!ctx.isStaff) throw new PortalAccessError("not_found", notFoundMessage);
  return ctx;
}

export async function spendActionBudget(ctx: UserContext) {
  let decision;
  try {
    decision = await portalDeps().limiter().check(`user:${ctx.user.id}`, portalActionPolicy);
  } catch {
    // A limiter that cannot answer must not mean "unlimited".
    throw new PortalAccessError("rate_limited", "The portal is busy; try again in a moment.");
  }
  if (!decision.allowed) throw new PortalAccessError("rate_limited", `Too many actions in a minute; try again in ${decision.retryAfterSeconds ?? 60} s.`);
}

// --- pages -----------------------------------------------------------------

export async function requireUser(returnTo = "/developers"): Promise<UserContext> {
  const ctx = await currentUser();
  if (!ctx) redirect(`/sign-in?${new URLSearchParams({ callbackUrl: returnTo })}`);
  return ctx;
}

export async function requireStaff(): Promise<UserContext> {
  const ctx = await requireUser("/staff");
  if (!ctx.isStaff) notFound();
  return ctx;
}

export async function requireProjectAccess(projectId: string, returnTo?: string): Promise<ProjectContext> {
  const ctx = await requireUser(returnTo ?? `/developers/${encodeURIComponent(projectId)}`);
  try {
    return await authorizeProject(ctx, projectId);
  } catch {
    notFound();
  }
}

// --- server actions --------------------------------------------------------

function failure(error: unknown): ActionResult<never> {
  if (error instanceof PortalInputError) return { ok: false, error: error.message, fieldErrors: error.fieldErrors };
  if (error instanceof PortalAccessError) return { ok: false, error: error.message };
  if (isApiError(error)) return { ok: false, error: error.message };
  serverLog().error({ err: error }, "portal: action failed");
  return { ok: false, error: "Something went wrong. Try again." };
}

function action<S extends z.ZodType, C, O>(schema: S, authorize: (ctx: UserContext, input: z.output<S>) => Promise<C>, handler: (ctx: C, input: z.output<S>) => Promise<O>) {
  return async (input: z.input<S>): Promise<ActionResult<O>> => {
    try {
      const ctx = await signedIn();
      await spendActionBudget(ctx);
      const parsed = parseInput(schema, input);
      const data = await handler(await authorize(ctx, parsed), parsed);
      portalDeps().refresh();
      return { ok: true, data };
    } catch (error) {
      return failure(error);
    }
  };
}

/** Any signed-in user, acting on their own account. */
export function userAction<S extends z.ZodType, O>(schema: S, handler: (ctx: UserContext, input: z.output<S>) => Promise<O>) {
  return action(schema, async (ctx) => ctx, handler);
}

/** The project's owner, or staff. */
export function projectAction<S extends z.ZodType<{ projectId: string }>, O>(schema: S, handler: (ctx: ProjectContext, input: z.output<S>) => Promise<O>) {
  return action(schema, (ctx, input) => authorizeProject(ctx, input.projectId), handler);
}

/** The owner of the key's project, or staff. */
export function keyAction<S extends z.ZodType<{ keyId: string }>, O>(schema: S, handler: (ctx: OwnedKeyContext, input: z.output<S>) => Promise<O>) {
  return action(schema, (ctx, input) => authorizeKey(ctx, input.keyId), handler);
}

/** Staff only. */
export function staffAction<S extends z.ZodType, O>(schema: S, handler: (ctx: UserContext, input: z.output<S>) => Promise<O>) {
  return action(schema, async (ctx) => assertStaff(ctx), handler);
}

// --- route handlers --------------------------------------------------------

function routeFailure(error: unknown): Response {
  if (error instanceof PortalAccessError) {
    const status = error.kind === "unauthenticated" ? 401 : error.kind === "rate_limited" ? 429 : 404;
    return Response.json({ error: error.message }, { status });
  }
  if (error instanceof PortalInputError) return Response.json({ error: error.message }, { status: 400 });
  serverLog().error({ err: error }, "portal: route failed");
  return Response.json({ error: "Something went wrong. Try again." }, { status: 500 });
}

type ProjectParams = { params: Promise<{ projectId: string }> };

/** A route under /developers/[projectId]: the project's owner, or staff. */
export function projectRoute(handler: (request: Request, ctx: ProjectContext) => Promise<Response>) {
  return async (request: Request, { params }: ProjectParams): Promise<Response> => {
    try {
      const ctx = await signedIn();
      await spendActionBudget(ctx);
      return await handler(request, await authorizeProject(ctx, (await params).projectId));
    } catch (error) {
      return routeFailure(error);
    }
  };
}

/** A route under /staff: staff only. */
export function staffRoute(handler: (request: Request, ctx: UserContext) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    try {
      const ctx = assertStaff(await signedIn());
      await spendActionBudget(ctx);
      return await handler(request, ctx);
    } catch (error) {
      return routeFailure(error);
    }
  };
}
