"""A student's hidden layer fitted to its teacher (`playout distil --hidden H`, strategies/student.py plays it).

The logit of action a in a position with features x, where a lands with features y (both standardised for the fit):

    z = proposer * (a is the proposer's choice) + c . y + sum_h out[h] * max(0, bias[h] + now[h] . x + after[h] . y)

fitted, as the linear student is (reports/training/distil.py fit_ridge), by the cross-entropy of its softmax over
the legal actions against the teacher's, plus a ridge on everything but the proposer's weight, with scipy's L-BFGS.
It starts from the linear student fitted with the same ridge and temperature, its output weights at 0 and its input
weights drawn small from the project's RNG (sim/rng.py), so the fit can only lower the linear student's loss.

The loss and its gradient are numba on one thread, so a generation's model is the same for any thread count.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

SPREAD = 0.3  # the input weights start uniform in +-SPREAD / sqrt(features)
MAX_ITER = 300  # L-BFGS iterations of a fit
SEED = 49  # of the start's draws


@njit(cache=True)
def shapes(n: int, hidden: int) -> tuple[int, int, int, int, int, int]:
    """Where each part starts in theta: proposer, c, out, bias, now (hidden x n), after (hidden x n), and its size."""
    c, out = 1, 1 + n
    bias = out + hidden
    now = bias + hidden
    after = now + hidden * n
    return c, out, bias, now, after, after + hidden * n


@njit(cache=True)
def loss_grad(theta, x, y, proposed, start, count, action, p, l2, hidden):
    """Mean cross-entropy of the student's softmax against p, plus the ridge, and its gradient. One thread: the
    sums in one order, so the same model for any thread count (and numba's threads, spinning beside a busy
    machine's other work, made it 70 times slower where measured)."""
    n_pos = x.shape[0]
    size = theta.shape[0]
    grad = np.zeros(size)
    loss = positions_loss_grad(theta, x, y, proposed, start, count, action, p, hidden, 0, n_pos, grad)
    loss /= n_pos
    grad /= n_pos
    for t in range(1, size):
        loss += 0.5 * l2 * theta[t] * theta[t]
        grad[t] += l2 * theta[t]
    return loss, grad


@njit(cache=True)
def positions_loss_grad(theta, x, y, proposed, start, count, action, p, hidden, first, last, grad):
    """Positions first .. last - 1: their summed cross-entropy, their gradient added to `grad`."""
    n = x.shape[1]
    c0, out0, bias0, now0, after0, _ = shapes(n, hidden)
    u = np.zeros(hidden)
    du = np.zeros(hidden)
    most = 1
    for i in range(first, last):
        most = max(most, count[i])
    pre = np.zeros((most, hidden))
    z = np.zeros(most)
    loss = 0.0
    for i in range(first, last):
        lo, cnt = start[i], count[i]
        for h in range(hidden):  # the state part, once a position
            u[h] = theta[bias0 + h]
            for f in range(n):
                u[h] += theta[now0 + h * n + f] * x[i, f]
        top = -np.inf
        for j in range(cnt):
            r = lo + j
            v = theta[0] if action[r] == proposed[i] else 0.0
            for f in range(n):
                v += theta[c0 + f] * y[r, f]
            for h in range(hidden):
                t = u[h]
                for f in range(n):
                    t += theta[after0 + h * n + f] * y[r, f]
                pre[j, h] = t
                if t > 0.0:
                    v += theta[out0 + h] * t
            z[j] = v
            top = max(top, v)
        lse = log_sum_exp(z, cnt, top)
        du[:] = 0.0
        for j in range(cnt):
            r = lo + j
            loss -= p[r] * (z[j] - lse)
            g = math.exp(z[j] - lse) - p[r]
            if action[r] == proposed[i]:
                grad[0] += g
            for f in range(n):
                grad[c0 + f] += g * y[r, f]
            for h in range(hidden):
                if pre[j, h] > 0.0:
                    grad[out0 + h] += g * pre[j, h]
                    back = g * theta[out0 + h]
                    du[h] += back
                    for f in range(n):
                        grad[after0 + h * n + f] += back * y[r, f]
        for h in range(hidden):
            grad[bias0 + h] += du[h]
            for f in range(n):
                grad[now0 + h * n + f] += du[h] * x[i, f]
    return loss


@njit(cache=True)
def log_sum_exp(z, count, top):
    """log(sum(exp(z[:count]))), computed from the largest, `top`, so that no exp overflows."""
    total = 0.0
    for j in range(count):
        total += math.exp(z[j] - top)
    return top + math.log(total)


def start_theta(n: int, hidden: int, proposer_weight: float, after_std: np.ndarray) -> np.ndarray:
    """The linear student (its proposer's weight and after-state weights on standardised features), with the hidden
    units' output weights at 0 and their input weights drawn from the project's RNG."""
    from sim.rng import new_streams, uniform

    c0, out0, bias0, now0, _, size = shapes(n, hidden)
    theta = np.zeros(size)
    theta[0] = proposer_weight
    theta[c0 : c0 + n] = after_std
    rng = new_streams(SEED, 0)
    spread = SPREAD / math.sqrt(max(n, 1))
    for t in range(now0, size):
        theta[t] = spread * (2.0 * uniform(rng, 0) - 1.0)
    theta[out0:bias0] = 0.0  # the units add nothing until the fit finds a use for them
    return theta


def fit_hidden(data: dict, p: np.ndarray, mu, sd, ridge: float, hidden: int, linear: dict) -> dict:
    """The student with `hidden` units fitted from the `linear` one (fit_ridge's, same ridge and temperature): its
    proposer's weight, after_coef and hidden units on raw features (the standardisation folded in)."""
    from scipy.optimize import minimize

    x = (data["x"] - mu) / sd
    y = (data["landed"] - mu) / sd
    n = x.shape[1]
    theta0 = start_theta(n, hidden, linear["proposer_weight"], np.asarray(linear["after_coef"]) * sd)
    args = (x, y, data["proposed"], data["start"], data["count"], data["action"], p, ridge, hidden)
    res = minimize(loss_grad, theta0, args=args, jac=True, method="L-BFGS-B", options={"maxiter": MAX_ITER})
    c0, out0, bias0, now0, after0, _ = shapes(n, hidden)
    th = res.x
    now = th[now0:after0].reshape(hidden, n) / sd
    after = th[after0:].reshape(hidden, n) / sd
    bias = th[bias0:now0] - now @ mu - after @ mu
    return {
        **linear, "proposer_weight": float(th[0]), "after_coef": (th[c0 : c0 + n] / sd).tolist(),
        "hidden": {"out": th[out0:bias0].tolist(), "bias": bias.tolist(), "now": now.tolist(),
                   "after": after.tolist()},
        "loss": float(res.fun),
    }  # fmt: skip


def hidden_logits(model: dict, data: dict) -> np.ndarray:
    """The hidden units' part of the logit of each (position, legal action) of `data`, on raw features."""
    units = model.get("hidden")
    if not units:
        return np.zeros(len(data["action"]))
    pos = np.repeat(np.arange(len(data["count"])), data["count"])
    now, after = np.asarray(units["now"]), np.asarray(units["after"])
    pre = (data["x"] @ now.T + np.asarray(units["bias"]))[pos] + data["landed"] @ after.T
    return np.maximum(pre, 0.0) @ np.asarray(units["out"])
