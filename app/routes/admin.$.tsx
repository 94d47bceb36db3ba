/** Unknown addresses under /admin: a 404 that admin.tsx's ErrorBoundary shows inside the admin shell. */
export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
