// Shared class names. A plain module (not "use client") so server and client
// components import the same strings.
export const ui = {
  page: "mx-auto w-full max-w-6xl px-4 sm:px-6",
  card: "rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900",
  muted: "text-sm text-zinc-600 dark:text-zinc-400",
  h1: "text-2xl font-semibold tracking-tight",
  h2: "text-lg font-semibold",
  h3: "text-base font-semibold",
  label: "block text-sm font-medium text-zinc-800 dark:text-zinc-200",
  hint: "mt-1 text-xs text-zinc-600 dark:text-zinc-400",
  input:
    "mt-1 block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-400 focus:border-indigo-500 dark:border-zinc-700 dark:placeholder:text-zinc-600 dark:bg-zinc-950 dark:text-zinc-100",
  select:
    "mt-1 block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100",
  button:
    "inline-flex items-center justify-center gap-2 rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-50",
  buttonSecondary:
    "inline-flex items-center justify-center gap-2 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm font-medium text-zinc-900 shadow-sm hover:bg-zinc-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800",
  buttonDanger:
    "inline-flex items-center justify-center gap-2 rounded-md bg-red-600 px-3 py-2 text-sm font-medium text-white shadow-sm hover:bg-red-500 disabled:cursor-not-allowed disabled:opacity-50",
  link: "font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-400",
  code: "rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] dark:bg-zinc-800",
  pre: "overflow-x-auto rounded-md bg-zinc-950 p-3 font-mono text-xs leading-relaxed text-zinc-100",
  error: "rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200",
  success: "rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  warning: "rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200",
  table: "min-w-full divide-y divide-zinc-200 text-sm dark:divide-zinc-800",
  th: "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400",
  td: "px-3 py-2 align-top",
} as const;

const badgeTones = {
  neutral: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200",
  green: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  amber: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  red: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  blue: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  violet: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200",
} as const;
export type BadgeTone = keyof typeof badgeTones;

export function badge(tone: BadgeTone = "neutral") {
  return `inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${badgeTones[tone]}`;
}
