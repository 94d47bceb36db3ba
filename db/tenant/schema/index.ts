// Every table of a tenant database. Each domain adds its own file and re-exports it here.
export * from "./identity";
export * from "./databases";
export * from "./assessments";
export * from "./scheduling";
export * from "./live";
export * from "./corrections";
export * from "./reports";
export * from "./exams";
export * from "./uploads";
export * from "./circuit";
export * from "./revision";
export * from "./integrations";
export * from "./audit";
