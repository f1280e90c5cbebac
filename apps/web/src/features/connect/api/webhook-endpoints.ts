import type { CreateWebhookEndpointRequest } from "@ferry/core/contracts/connect";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { polled } from "../../../lib/polling.ts";

/** Every endpoint of the user's apps; each app's card shows its own. */
const webhookEndpointsQueryKey = ["webhook-endpoints"] as const;

function deliveriesQueryKey(endpointId: string) {
  return ["webhook-endpoints", endpointId, "deliveries"] as const;
}

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookEndpointsQueryKey,
    queryFn: () => dataOf(api.GET("/api/v1/webhook-endpoints")),
  });
}

/** Adds an endpoint to one app; the answer holds its `whsec_` signing secret, this once. */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateWebhookEndpointRequest) =>
      dataOf(api.POST("/api/v1/webhook-endpoints", { body: request })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) =>
      dataOf(api.DELETE("/api/v1/webhook-endpoints/{endpointId}", { params: { path: { endpointId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}

/** A new signing secret; the old one keeps signing beside it for 24 hours, so receivers can switch. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) =>
      dataOf(api.POST("/api/v1/webhook-endpoints/{endpointId}/rotate-secret", { params: { path: { endpointId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}

/** How often an open delivery log looks for new deliveries and retries. */
const DELIVERIES_POLL_MS = 5_000;

/**
 * The endpoint's delivery log, newest first, refreshed while it is open (its component mounts only
 * then), so a retry or a new event shows without a reload.
 */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: deliveriesQueryKey(endpointId),
    ...polled(
      DELIVERIES_POLL_MS,
      (headers) =>
        dataOf(
          api.GET("/api/v1/webhook-endpoints/{endpointId}/deliveries", { params: { path: { endpointId } }, headers }),
        ),
      { isLive: true },
    ),
  });
}

/** Sends a delivery's event again, with the same `webhook-id`. */
export function useResendWebhookDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      dataOf(
        api.POST("/api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/resend", {
          params: { path: { endpointId, deliveryId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(endpointId) }),
  });
}
