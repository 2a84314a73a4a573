// Breaking changes to the v1 contract made on purpose, each with the note a client reads. A new
// committed OpenAPI document that removes a path or a field, or narrows a type, is refused
// (npm run openapi) until every such change has its note here.
export type VersionNote = { date: string; where: string; what: string; note: string };

export const versionNotes: VersionNote[] = [];
