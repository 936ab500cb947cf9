# Dockerfile exported by heragent: the environment setup.sh prepares, one
# layer per section, the repository copied as late as the sections allow.
#
# Build it in this directory, with the repository in repo/ beside it
# (.dockerignore keeps the reports, logs and repo/.git out of the context):
#   git clone https://example.com/go-mod.git repo && git -C repo checkout 0123456789abcdef0123456789abcdef01234567
#   docker build -t go-mod-env .       # Docker Engine: classic builder or BuildKit
#   podman build -t go-mod-env .
#   docker run --rm go-mod-env         # runs the command that proved the level
# BASE is the public image the environment was proved on. Without a
# registry, use the image `heragent image bootstrap` makes:
#   --build-arg BASE=localhost/heragent/debian:bookworm
#
# Behind a TLS-intercepting proxy, give the build the proxy's CA certificate:
#   --build-arg HERAGENT_CA_PEM="$(cat proxy-ca.crt)"
# Every builder takes it. Each step trusts it and removes it from the
# image's trust store afterwards, but a build arg's value stays visible in
# `docker history` (a CA certificate is public, not a key). With BuildKit or
# podman a secret leaves no trace:
#   sed 's|^RUN sh /heragent/|RUN --mount=type=secret,id=ca sh /heragent/|' Dockerfile > Dockerfile.secret
#   DOCKER_BUILDKIT=1 docker build --secret id=ca,src=proxy-ca.crt -f Dockerfile.secret -t go-mod-env .
#   podman build --secret id=ca,src=proxy-ca.crt -f Dockerfile.secret -t go-mod-env .
ARG BASE=debian:bookworm
FROM ${BASE}
ARG HERAGENT_CA_PEM=""
ENV DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8
WORKDIR /repo
COPY setup.sh with-build-ca.sh /heragent/
# the next section reads only these files of the repository
COPY ["repo/go.mod", "./"]
# language runtimes and dependencies
RUN sh /heragent/with-build-ca.sh bash /heragent/setup.sh setup_runtimes
# the build reads the whole source
COPY repo/ ./
# project build
RUN sh /heragent/with-build-ca.sh bash /heragent/setup.sh build_project
COPY entrypoint.sh /heragent/
# created: when heragent proved the environment (--build-arg CREATED=... to stamp the build)
ARG CREATED=2025-01-02T03:04:05Z
LABEL org.opencontainers.image.source="https://example.com/go-mod.git" \
      org.opencontainers.image.revision="0123456789abcdef0123456789abcdef01234567" \
      org.opencontainers.image.created="${CREATED}" \
      io.heragent.version="v0.0.0-test" \
      io.heragent.level="runnable" \
      io.heragent.runnable-evidence="documented" \
      io.heragent.kind="export"
ENTRYPOINT ["bash", "/heragent/entrypoint.sh"]
