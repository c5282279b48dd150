// react-toastify and its stylesheet, loaded by toast.tsx the first time a toast is shown (docs/decisions/016).
import "react-toastify/ReactToastify.css";

export { toast, ToastContainer } from "react-toastify/unstyled";
