// An intelligence thread: serves every intelligence endpoint's answer function.
import { intelImplementations } from "@/lib/intel/implementations";
import { serveIntelTasks } from "./serve-tasks";

serveIntelTasks(Object.fromEntries(Object.entries(intelImplementations).map(([id, implementation]) => [id, implementation.answer])));
