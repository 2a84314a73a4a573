// The server's log lives below every layer (lib/log.ts), so the domain and the chain layer log
// through it too; the edge keeps importing it from here.
export { answerLevel, createLogger, prettyLine, routeConsoleTo, serverLog, setServerLog, type Logger } from "@/lib/log";
