import { EvaluationEditor } from "./admin.assessments+shared/editors";

export {
  evaluationEditorAction as action,
  evaluationEditorLoader as loader,
} from "./admin.assessments+shared/editors.server";
export const handle = { titleKey: "assessments:form.edit-evaluation" };
export default EvaluationEditor;
