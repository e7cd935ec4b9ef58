import NewsServer
