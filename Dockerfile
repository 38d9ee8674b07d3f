# aasa-check in a container: Debian slim plus the release tarball of scripts/release.sh.
#
# UNTESTED here: the machine aasa-check is developed and tested on has no Docker engine. The
# tarball it installs is tested (scripts/test-dist.sh); this file only adds what a Debian slim
# image lacks for it: libcurl (which brings libpsl, the Public Suffix List passkeys' related
# origins are counted with), libxml2 and the CA certificates (zlib, which reads zip archives and
# gzip sitemaps, is in the base image).
#
#   scripts/release.sh                          # makes dist/aasa-check-VERSION-linux-ARCH.tar.gz
#   docker build -t aasa-check .                # --build-arg ARCH=aarch64 on an ARM machine
#   docker run --rm aasa-check example.com --app-id ABCDE12345.com.example.app
#   docker run --rm -v "$PWD:/work" aasa-check validate public/.well-known/apple-app-site-association
FROM debian:bookworm-slim
ARG VERSION=0.1.0
ARG ARCH=x86_64
RUN apt-get update \
    && apt-get install -y --no-install-recommends libcurl4 libxml2 ca-certificates \
    && rm -rf /var/lib/apt/lists/*
# ADD unpacks a local tar.gz.
ADD dist/aasa-check-${VERSION}-linux-${ARCH}.tar.gz /opt/
RUN ln -s "/opt/aasa-check-${VERSION}-linux-${ARCH}/aasa-check" /usr/local/bin/aasa-check \
    && aasa-check --version
USER nobody
WORKDIR /work
ENTRYPOINT ["aasa-check"]
