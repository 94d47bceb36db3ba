import { SessionEditor } from "./admin.assessments+shared/editors";

export {
  sessionEditorAction as action,
  sessionEditorLoader as loader,
} from "./admin.assessments+shared/editors.server";
export const handle = { titleKey: "assessments:form.create-session" };
export default SessionEditor;
