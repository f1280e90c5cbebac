import { createBrowserRouter } from "react-router";
import { routes } from "./routes.tsx";

/** The app's router: core's route table (`@ferry/core/web-routes`), each page under its guard. */
export const router = createBrowserRouter(routes);
