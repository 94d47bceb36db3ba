import { questionEditorAction, questionEditorLoader } from "./admin.assessments+shared/editors.server";
import { QuestionEditor } from "./admin.assessments+shared/editors";

export const handle = { titleKey: "assessments:form.edit-question" };
export const loader = questionEditorLoader("edit");
export const action = questionEditorAction("edit");
export default QuestionEditor;
