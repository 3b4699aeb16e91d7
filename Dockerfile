# syntax=docker/dockerfile:1
# Orrery's container image: built from source in a Rust image, run from a small Debian one.
#   docker build -t orrery .
#   docker run --rm -p 8080:8080 orrery        # SQLite inside the container, demo key printed
# Several instances: compose.yaml; Kubernetes: deploy/kubernetes/; guide: docs/DEPLOYMENT.md.

# Rust ≥ 1.94 (the workspace's rust-version) on the same Debian release as the runtime stage,
# so the binary links against the glibc it runs with. The slim Rust image carries gcc, which
# the Swiss Ephemeris and SQLite (both compiled from source by their crates) need.
ARG RUST_VERSION=1.95
ARG DEBIAN_RELEASE=trixie

FROM rust:${RUST_VERSION}-slim-${DEBIAN_RELEASE} AS build
WORKDIR /src
# The workspace's manifests and sources only (.dockerignore leaves out target/, fixtures/,
# bench/ and the rest): the build needs no data file.
COPY Cargo.toml Cargo.lock CHANGELOG.md ./
COPY crates ./crates
# Served as pages under /docs (crates/server/src/routes/guides.rs).
COPY docs/GETTING-STARTED.md ./docs/
# The registry and target folders are BuildKit caches, so a rebuild after a source change
# compiles only what changed; the binary is copied out of the cache to stay in the layer.
# Debug information is stripped: 18 MB instead of 89 MB (panic messages keep their file and
# line, which do not come from it).
ENV CARGO_PROFILE_RELEASE_STRIP=debuginfo
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked -p orrery-server \
    && install -D -m 0755 target/release/orrery /out/orrery

FROM debian:${DEBIAN_RELEASE}-slim AS runtime
# A fixed numeric user, so Kubernetes' runAsNonRoot can check it without a passwd lookup.
ARG ORRERY_UID=10001
RUN groupadd --system --gid "${ORRERY_UID}" orrery \
    && useradd --system --uid "${ORRERY_UID}" --gid orrery --no-create-home \
       --home-dir /var/lib/orrery --shell /usr/sbin/nologin orrery \
    && install -d -o orrery -g orrery -m 0750 /var/lib/orrery
COPY --from=build /out/orrery /usr/local/bin/orrery
COPY --chmod=0755 deploy/docker/healthcheck.sh /usr/local/bin/orrery-healthcheck
# The Swiss Ephemeris files. The binary's built-in default is the build stage's absolute path,
# so the folder must be named here. The tz database is compiled into the binary (tzdb_data).
COPY ephe /usr/share/orrery/ephe
ENV ORRERY_EPHE_PATH=/usr/share/orrery/ephe \
    ORRERY_LISTEN=0.0.0.0:8080 \
    ORRERY_LOG_FORMAT=json
# Without ORRERY_DATABASE_URL the default SQLite file is created here, the only writable folder.
WORKDIR /var/lib/orrery
USER ${ORRERY_UID}:${ORRERY_UID}
EXPOSE 8080
# SIGTERM: the service stops accepting connections and finishes the requests in flight.
STOPSIGNAL SIGTERM
# Liveness (the process serves); see deploy/docker/healthcheck.sh.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
    CMD ["/usr/local/bin/orrery-healthcheck", "/v1/health/live"]
ENTRYPOINT ["/usr/local/bin/orrery"]
CMD ["serve"]
