import { questionEditorAction, questionEditorLoader } from "./admin.assessments+shared/editors.server";
import { QuestionEditor } from "./admin.assessments+shared/editors";

export const handle = { titleKey: "assessments:form.copy-question" };
export const loader = questionEditorLoader("copy");
export const action = questionEditorAction("copy");
export default QuestionEditor;
