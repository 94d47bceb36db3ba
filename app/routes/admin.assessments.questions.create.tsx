import { questionEditorAction, questionEditorLoader } from "./admin.assessments+shared/editors.server";
import { QuestionEditor } from "./admin.assessments+shared/editors";

export const handle = { titleKey: "assessments:form.create-question" };
export const loader = questionEditorLoader("create");
export const action = questionEditorAction("create");
export default QuestionEditor;
