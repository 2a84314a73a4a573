// Read models for the staff area: every project with its owner and recent
// traffic — one query, aggregated in the database (the audit log: lib/portal/activity.ts).
import type { Db } from "@/lib/db/client";

export const staffPageSize = 50;

export async function listAllProjects(db: Db, options: { page: number; since: Date; search?: string }) {
  const where = options.search
    ? { OR: [{ name: { contains: options.search, mode: "insensitive" as const } }, { id: options.search }, { owner: { email: { contains: options.search.toLowerCase() } } }] }
    : {};
  const projects = await db.project.findMany({
    where,
    orderBy: { createdAt: "desc" },
    skip: (options.page - 1) * staffPageSize,
    take: staffPageSize + 1,
    select: { id: true, name: true, status: true, statusReason: true, createdAt: true, owner: { select: { email: true } }, _count: { select: { keys: true } } },
  });
  const page = projects.slice(0, staffPageSize);
  const traffic = await db.requestRecord.groupBy({
    by: ["projectId"],
    where: { projectId: { in: page.map((p) => p.id) }, createdAt: { gte: options.since } },
    _count: { _all: true },
    _sum: { quoted: true, charged: true, allowanceUsed: true },
  });
  const byProject = new Map(traffic.map((row) => [row.projectId, row]));
  return {
    rows: page.map((project) => {
      const row = byProject.get(project.id);
      return { ...project, requests: row?._count._all ?? 0, quoted: row?._sum.quoted ?? 0, charged: row?._sum.charged ?? 0, allowanceUsed: row?._sum.allowanceUsed ?? 0 };
    }),
    hasMore: projects.length > staffPageSize,
  };
}

export async function projectChoices(db: Db) {
  const projects = await db.project.findMany({ orderBy: { createdAt: "desc" }, take: 500, select: { id: true, name: true, owner: { select: { email: true } } } });
  return projects.map((p) => ({ id: p.id, label: `${p.name} · ${p.owner.email}` }));
}

