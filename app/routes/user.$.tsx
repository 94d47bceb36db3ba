/** Unknown addresses under /user: a 404 that user.tsx's ErrorBoundary shows inside the participant header. */
export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}

export default function UserNotFound() {
  return null;
}
