// An intelligence thread: serves every intelligence endpoint's answer function.
import { intelImplementations } from "@/lib/intel/endpoints/index";
import { serveIntelTasks } from "./serve-tasks";

serveIntelTasks(Object.fromEntries(Object.entries(intelImplementations).map(([id, implementation]) => [id, implementation.answer])));
